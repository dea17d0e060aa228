export { Group } from "@mantine/core";
