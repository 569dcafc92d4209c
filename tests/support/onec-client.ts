// The scripted 1C client and the zip writer live beside the endpoint, shared with the script and the bench.
export { ONEC_PATH, type OnecAnswer, onecClient } from '../../server/exchange/onec-client';
export { zipOf } from '../../server/exchange/zip-writer';
