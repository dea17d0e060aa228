export { createTheme } from "@mantine/core";
