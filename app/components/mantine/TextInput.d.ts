export { TextInput } from "@mantine/core";
