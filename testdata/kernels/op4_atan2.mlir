// Atan2(y, x) with both operands dynamic (broadcasting at run time): every pair of NaN, +-Inf, +-0,
// +-1 and a denormal (atan2(+-0, -0) = +-pi, atan2(+-Inf, +-Inf) = +-pi/4 or +-3pi/4), and f64.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf64>, %arg3: tensor<?xf64>) -> (tensor<?x?xf32>, tensor<?xf64>) {
  %0 = "tf.Atan2"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Atan2"(%arg2, %arg3) {device = ""} : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?xf64>
}
