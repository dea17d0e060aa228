export { SimpleGrid } from "../../../node_modules/@mantine/core/esm/components/SimpleGrid/SimpleGrid.mjs";
