export { rem } from "../../../node_modules/@mantine/core/esm/core/utils/units-converters/rem.mjs";
