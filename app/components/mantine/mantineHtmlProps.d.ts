export { mantineHtmlProps } from "@mantine/core";
