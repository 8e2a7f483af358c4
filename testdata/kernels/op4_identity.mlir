// sandjit-test: rtol=0 atol=0
// Identity and StopGradient pass values through unchanged (NaN, -0, i1, i64 extremes, ui8), alone and
// feeding a Mul.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?xi1>, %arg2: tensor<?x?xi64>, %arg3: tensor<?xui8>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi1>, tensor<?x?xi64>, tensor<?xui8>, tensor<?x?xf32>) {
  %0 = "tf.Identity"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.StopGradient"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Identity"(%arg1) {device = ""} : (tensor<?xi1>) -> tensor<?xi1>
  %3 = "tf.StopGradient"(%arg2) {device = ""} : (tensor<?x?xi64>) -> tensor<?x?xi64>
  %4 = "tf.Identity"(%arg3) {device = ""} : (tensor<?xui8>) -> tensor<?xui8>
  %5 = "tf.Mul"(%0, %1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi1>, tensor<?x?xi64>, tensor<?xui8>, tensor<?x?xf32>
}
