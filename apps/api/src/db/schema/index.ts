export * from "./accounts";
export * from "./content";
export * from "./media";
export * from "./outbox";
export * from "./profiles";
export * from "./social";
