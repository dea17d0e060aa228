export { Title } from "../../../node_modules/@mantine/core/esm/components/Title/Title.mjs";
