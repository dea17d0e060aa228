export { Alert } from "@mantine/core";
