export { Textarea } from "../../../node_modules/@mantine/core/esm/components/Textarea/Textarea.mjs";
