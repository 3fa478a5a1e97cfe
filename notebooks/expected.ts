/**
 * Results each notebook must show, in either format (Deno prints objects as `key: value`, the
 * browser version as JSON `"key": value`): what the notebooks' text claims.
 */
export const EXPECTED: Record<string, RegExp[]> = {
  '01-curves': [/delay_bound_us"?: 140\b/, /backlog_bound_MB"?: 1\.6\b/, /burst_out_MB"?: 1\.6\b/, /tdma_delay_bound_us"?: 7\b/, /tdma_backlog_bound_kB"?: 1\b/, /window_period_us"?: 20\b/, /window_step_kB"?: 125\b/, /window_rate_gbps"?: 50\b/],
  '02-path-server': [/"78\.67 µs"/],
  // ns-3's Vegas run on the segment engine: the simulator's slow-start exit, largest cwnd and bytes delivered.
  '03-vegas': [/slow_start_exit_us"?: 63\.314\b/, /largest_cwnd_B"?: 147000\b/, /delivered_by_5ms_B"?: 33033000\b/],
  '04-aimd-fairness': [/"24\.000 Gb\/s",\s*"19\.200 Gb\/s",\s*"15\.360 Gb\/s"/], // the gap shrinks by β = 0.8
  '05-case-study': [/DCQCN-noPFC: peak backlog 50\.5\d MB/],
  // The per-burst connections finish by 1.92 ms; on one persistent connection not by 4 ms (the
  // browser's table escapes ">").
  // Pauses begin at K_max 400 kB for 8 senders (P_max 1 %), at every K_max from 16 senders on.
  '07-ecn-thresholds': [/32 points, 0 failed/, /\b8\s+0\.01\s+400\s+9\b/, /\b16\s+0\.01\s+100\s+32\b/],
  // The slides' observations (and the bounds) as notebook 08's last cell checks them.
  '08-multi-hop': [/victim_unaffected_with_QCN"?: true/, /victim_slowed_by_PAUSE_alone"?: true/, /poor_fairness_among_culprits_with_QCN"?: true/, /parking_lot_cold_flows_above_max_min"?: true/, /bounds_hold"?: true/],
  '06-what-if': [/T_gap = 50 µs\s+30\.05\s+132\.102\s+4557/, /one persistent connection\W[^\n]*(>|&gt;) 4000/, /a connection per burst\W[^\n]*19\d\d\.\d+/],
};
