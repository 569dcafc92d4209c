import { createContext, useContext } from 'react';

/**
 * The response's CSP nonce (the server renders it into every script it writes); empty in the browser, where React
 * adds no scripts of its own. Set by `entry.server.tsx`.
 */
export const NonceContext = createContext('');

export const useNonce = () => useContext(NonceContext);
