export { PasswordInput } from "@mantine/core";
