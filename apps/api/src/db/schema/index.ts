export * from "./accounts";
export * from "./content";
export * from "./outbox";
export * from "./profiles";
export * from "./social";
