// DivNoNan, MulNoNan, Xdivy, Xlogy and Xlog1py on f64 with a rank-0 second operand.
func.func @test(%arg0: tensor<?xf64>, %arg1: tensor<f64>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %0 = "tf.DivNoNan"(%arg0, %arg1) {device = ""} : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  %1 = "tf.MulNoNan"(%arg0, %arg1) {device = ""} : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  %2 = "tf.Xdivy"(%arg0, %arg1) {device = ""} : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  %3 = "tf.Xlogy"(%arg0, %arg1) {device = ""} : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  %4 = "tf.Xlog1py"(%arg0, %arg1) {device = ""} : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  func.return %0, %1, %2, %3, %4 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}
