"use client";

import { useCallback, useState } from "react";

/** A module loaded with import() once, on the first call to `load`, and remembered after. */
export interface DeferredModule<T> {
  /** The loaded value, or null before it has arrived. */
  current: () => T | null;
  load: () => Promise<T>;
}

export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let value: T | null = null;
  let loading: Promise<T> | undefined;
  return {
    current: () => value,
    load: () => {
      loading ??= importer().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          // A failed load (a dropped connection) is tried again at the next interaction.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * The deferred module's value once loaded (null before), and a `request` that starts loading it:
 * for controls that show a plain trigger first and load what opens on the first sign of interest.
 */
export function useDeferredModule<T>(module: DeferredModule<T>): [T | null, () => void] {
  const [value, setValue] = useState<T | null>(module.current);
  const request = useCallback(() => {
    module.load().then(
      (loaded) => setValue(() => loaded),
      () => undefined,
    );
  }, [module]);
  return [value, request];
}
