export { InputBase } from "@mantine/core";
