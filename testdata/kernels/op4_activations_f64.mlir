// Elu, Selu, Softplus, Softsign and LeakyRelu on f64. LeakyRelu's alpha is an f32 attribute: 0.3 : f32 is
// 0.30000001192092896 as a double, and that is what multiplies.
func.func @test(%arg0: tensor<?x?xf64>) -> (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) {
  %0 = "tf.Elu"(%arg0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %1 = "tf.Selu"(%arg0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %2 = "tf.Softplus"(%arg0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %3 = "tf.Softsign"(%arg0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %4 = "tf.LeakyRelu"(%arg0) {alpha = 3.000000e-01 : f32, device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  func.return %0, %1, %2, %3, %4 : tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>
}
