export { Text } from "../../../node_modules/@mantine/core/esm/components/Text/Text.mjs";
