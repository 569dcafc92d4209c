/** The catalogue every integration test starts from: the demo catalogue's shape, smaller. */
export const TEST_CATALOG = { seed: 7, products: 160 };
