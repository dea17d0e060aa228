export { mantineHtmlProps } from "../../../node_modules/@mantine/core/esm/core/MantineProvider/mantine-html-props.mjs";
