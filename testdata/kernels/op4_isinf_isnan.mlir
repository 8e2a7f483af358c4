// IsInf and IsNan on f32 and f64: NaN (quiet, negative), +-Inf, the largest finite values, denormals.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf64>) -> (tensor<?x?xi1>, tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %0 = "tf.IsInf"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xi1>
  %1 = "tf.IsNan"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xi1>
  %2 = "tf.IsInf"(%arg1) {device = ""} : (tensor<?xf64>) -> tensor<?xi1>
  %3 = "tf.IsNan"(%arg1) {device = ""} : (tensor<?xf64>) -> tensor<?xi1>
  func.return %0, %1, %2, %3 : tensor<?x?xi1>, tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>
}
