/**
 * A port whose every call is counted by its result (issue 45.2, 45.6): the payment gateway now, the carriers' when
 * they come. `record` is told ok or not once the call settles; the call's answer or error passes unchanged.
 */
export function countedPort<T extends object>(port: T, record: (ok: boolean) => void): T {
  return new Proxy(port, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.then(
          (answer) => {
            record(true);
            return answer;
          },
          (error: unknown) => {
            record(false);
            throw error;
          },
        );
      };
    },
  });
}
