import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "src/server/graphql/schema.graphql",
  documents: ["src/client/**/*.{ts,tsx}", "!src/client/gql/**/*", "!src/client/routeTree.gen.ts"],
  ignoreNoDocuments: true,
  generates: {
    "src/client/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: "string",
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTime: "string", MinorUnits: "number" },
      },
    },
  },
};

export default config;
