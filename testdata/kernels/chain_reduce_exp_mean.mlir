// sandjit-test: rtol=1e-5 atol=2e-6
// A log-mean-exp over rows after subtracting the row max; inputs up to +-10000, NaN and Inf rows.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<8x13xf32>}) -> (tensor<?x?xf32>, tensor<?x1xf32>) {
  %dims0 = "tf.Const"() {value = dense<[1]> : tensor<1xi32>, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : () -> tensor<1xi32>
  %scale = "tf.Const"() {value = dense<1.000000e-03> : tensor<f32>, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : () -> tensor<f32>
  %0 = "tf.Max"(%V__0, %dims0) {keep_dims = true, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %1 = "tf.Sub"(%V__0, %0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %2 = "tf.Mul"(%1, %scale) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %3 = "tf.Exp"(%2) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Mean"(%3, %dims0) {keep_dims = true, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %5 = "tf.Log"(%4) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x1xf32>) -> tensor<?x1xf32>
  %6 = "tf.Sub"(%2, %5) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %7 = "tf.Relu"(%6) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %7, %5 : tensor<?x?xf32>, tensor<?x1xf32>
}
