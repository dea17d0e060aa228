export { Alert } from "../../../node_modules/@mantine/core/esm/components/Alert/Alert.mjs";
