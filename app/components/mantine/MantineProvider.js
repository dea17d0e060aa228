export { MantineProvider } from "../../../node_modules/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs";
