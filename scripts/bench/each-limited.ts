/** Runs `work` over `items`, `parallel` at a time. */
export async function eachLimited<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}
