// TF's one-argument special functions on f32 (computed in f64 and rounded once, so within an f32 ULP of
// mpmath): Lgamma, Digamma, BesselI0e, BesselI1e of x over [-20, 40) with the poles, ±0, ±Inf and NaN;
// Erfinv of y around [-1, 1] and Ndtri of p around [0, 1], with their domain edges and values outside.
func.func @test(%x: tensor<?x?xf32>, %y: tensor<?xf32>, %p: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Lgamma"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Digamma"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.BesselI0e"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.BesselI1e"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Erfinv"(%y) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %5 = "tf.Ndtri"(%p) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>
}
