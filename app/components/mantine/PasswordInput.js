export { PasswordInput } from "../../../node_modules/@mantine/core/esm/components/PasswordInput/PasswordInput.mjs";
