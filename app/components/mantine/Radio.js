export { Radio } from "../../../node_modules/@mantine/core/esm/components/Radio/Radio.mjs";
