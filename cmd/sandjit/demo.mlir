// sandjit demo: softmax(x + bias) and its row maximum.
func.func @demo(%x: tensor<?x?xf32> {jitrt.constraint = "rank"}, %bias: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %0 = "tf.BiasAdd"(%x, %bias) {data_format = "NHWC", device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Softmax"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %axis = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.Max"(%1, %axis) {keep_dims = false} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xf32>
  func.return %1, %2 : tensor<?x?xf32>, tensor<?xf32>
}
