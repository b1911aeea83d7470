/** The parser the metrics tests read GET /metrics with (it ships no types). */
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
