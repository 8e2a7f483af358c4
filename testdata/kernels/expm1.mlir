// Expm1 (e**x - 1, accurate near 0) on f32 and f64: tiny arguments where exp(x) - 1 would cancel, overflow
// to +Inf, saturation at -1, NaN and signed zeros.
func.func @test(%x: tensor<?x?xf32>, %y: tensor<?xf64>) -> (tensor<?x?xf32>, tensor<?xf64>) {
  %0 = "tf.Expm1"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Expm1"(%y) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?xf64>
}
