export { Checkbox } from "../../../node_modules/@mantine/core/esm/components/Checkbox/Checkbox.mjs";
