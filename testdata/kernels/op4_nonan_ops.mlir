// DivNoNan, MulNoNan (0 wherever y == 0, even for x = NaN or Inf), Xdivy, Xlogy, Xlog1py (0 wherever
// x == 0, even for y = NaN or 0): every pair of the edge values, broadcasting at run time.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.DivNoNan"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.MulNoNan"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Xdivy"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Xlogy"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Xlog1py"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3, %4 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
