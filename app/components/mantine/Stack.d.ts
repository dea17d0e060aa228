export { Stack } from "@mantine/core";
