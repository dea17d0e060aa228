export { Stack } from "../../../node_modules/@mantine/core/esm/components/Stack/Stack.mjs";
