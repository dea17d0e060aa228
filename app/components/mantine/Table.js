export { Table } from "../../../node_modules/@mantine/core/esm/components/Table/Table.mjs";
