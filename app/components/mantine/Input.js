export { Input } from "../../../node_modules/@mantine/core/esm/components/Input/Input.mjs";
