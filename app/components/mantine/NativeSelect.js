export { NativeSelect } from "../../../node_modules/@mantine/core/esm/components/NativeSelect/NativeSelect.mjs";
