// sandjit-test: rtol=0 atol=0
// Casts to and from bf16, bit-exact: f32 ties round to even, beyond the range to Inf, NaN stays NaN; to
// bf16 from f64 and from integers through f32 (Eigen's bfloat16 constructor, so 2^24 + 1 is first 2^24);
// to integers truncating and saturating (NaN gives 0); bf16 <-> f16 (exact widening to f32, one rounding);
// to i1 nonzero.
func.func @test(%f: tensor<?xf32>, %d: tensor<?xf64>, %i: tensor<?xi32>, %l: tensor<?xi64>, %h: tensor<?xf16>, %x: tensor<?xbf16>) -> (tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf32>, tensor<?xf64>, tensor<?xi32>, tensor<?xui8>, tensor<?xf16>, tensor<?xi1>) {
  %0 = "tf.Cast"(%f) {Truncate = false, device = ""} : (tensor<?xf32>) -> tensor<?xbf16>
  %1 = "tf.Cast"(%d) {Truncate = false, device = ""} : (tensor<?xf64>) -> tensor<?xbf16>
  %2 = "tf.Cast"(%i) {Truncate = false, device = ""} : (tensor<?xi32>) -> tensor<?xbf16>
  %3 = "tf.Cast"(%l) {Truncate = false, device = ""} : (tensor<?xi64>) -> tensor<?xbf16>
  %4 = "tf.Cast"(%h) {Truncate = false, device = ""} : (tensor<?xf16>) -> tensor<?xbf16>
  %5 = "tf.Cast"(%x) {Truncate = false, device = ""} : (tensor<?xbf16>) -> tensor<?xf32>
  %6 = "tf.Cast"(%x) {Truncate = false, device = ""} : (tensor<?xbf16>) -> tensor<?xf64>
  %7 = "tf.Cast"(%x) {Truncate = false, device = ""} : (tensor<?xbf16>) -> tensor<?xi32>
  %8 = "tf.Cast"(%x) {Truncate = false, device = ""} : (tensor<?xbf16>) -> tensor<?xui8>
  %9 = "tf.Cast"(%x) {Truncate = false, device = ""} : (tensor<?xbf16>) -> tensor<?xf16>
  %10 = "tf.Cast"(%x) {Truncate = false, device = ""} : (tensor<?xbf16>) -> tensor<?xi1>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf32>, tensor<?xf64>, tensor<?xi32>, tensor<?xui8>, tensor<?xf16>, tensor<?xi1>
}
