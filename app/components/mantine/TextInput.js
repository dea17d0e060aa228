export { TextInput } from "../../../node_modules/@mantine/core/esm/components/TextInput/TextInput.mjs";
