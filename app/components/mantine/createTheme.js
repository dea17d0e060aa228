export { createTheme } from "../../../node_modules/@mantine/core/esm/core/MantineProvider/create-theme/create-theme.mjs";
