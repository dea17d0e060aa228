export { Loader } from "../../../node_modules/@mantine/core/esm/components/Loader/Loader.mjs";
