export { Paper } from "../../../node_modules/@mantine/core/esm/components/Paper/Paper.mjs";
