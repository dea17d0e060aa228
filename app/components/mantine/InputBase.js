export { InputBase } from "../../../node_modules/@mantine/core/esm/components/InputBase/InputBase.mjs";
