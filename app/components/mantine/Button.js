export { Button } from "../../../node_modules/@mantine/core/esm/components/Button/Button.mjs";
