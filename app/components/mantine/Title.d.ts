export { Title } from "@mantine/core";
