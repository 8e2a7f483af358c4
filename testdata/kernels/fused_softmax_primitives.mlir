// sandjit-test: rtol=1e-5 atol=1e-6
// Softmax spelled out the way tf.nn.softmax's gradient-friendly graphs do: Max, Sub, Exp, Sum, RealDiv.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}) -> tensor<?x?xf32> {
  %cst = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Max"(%arg0, %cst) {device = "/job:localhost/replica:0/task:0/device:CPU:0", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %1 = "tf.Sub"(%arg0, %0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %2 = "tf.Exp"(%1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sum"(%2, %cst) {device = "/job:localhost/replica:0/task:0/device:CPU:0", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %4 = "tf.RealDiv"(%2, %3) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  func.return %4 : tensor<?x?xf32>
}
