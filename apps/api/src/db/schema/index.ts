export * from "./accounts";
export * from "./content";
export * from "./profiles";
export * from "./social";
