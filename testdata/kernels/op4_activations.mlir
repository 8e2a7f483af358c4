// Elu, Selu, Softplus, Softsign and LeakyRelu (alpha 0.2 and 0.01) on f32 with NaN, +-Inf, +-0, tiny and
// huge values (Softsign(+-Inf) is NaN: TF computes x / (1 + |x|)).
func.func @test(%arg0: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<2x7x13xf32>}) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.Elu"(%arg0) {device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %1 = "tf.Selu"(%arg0) {device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %2 = "tf.Softplus"(%arg0) {device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %3 = "tf.Softsign"(%arg0) {device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %4 = "tf.LeakyRelu"(%arg0) {alpha = 2.000000e-01 : f32, device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %5 = "tf.LeakyRelu"(%arg0) {alpha = 0.00999999977 : f32, device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>
}
