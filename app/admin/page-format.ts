/**
 * Decap's own YAML, read into the form's shape and written back in the file's (./form-shape.ts):
 * the format of the editor's files collections (CMS.registerCustomFormat in ./admin.tsx). Decap's
 * reader and writer, not another library's, so a save formats a file as Decap always has.
 */
import yamlFormatter from "decap-cms-core/dist/esm/formats/yaml.js";
import { fileKeyOrder, PAGE_FORMAT, toFileShape, toFormShape } from "./form-shape";

export const pageFormat = {
  name: PAGE_FORMAT,
  formatter: {
    fromFile: (content: string) => toFormShape(yamlFormatter.fromFile(content)),
    toFile: (data: object, sortedKeys?: string[], comments?: Record<string, string>) =>
      yamlFormatter.toFile(toFileShape(data) as object, fileKeyOrder(sortedKeys ?? []), comments),
  },
};
